import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), refreshed every `intervalMs`, so what depends on it moves on while
 * the page is open: a submission window that opens or ends, a relative time ('5 minutes ago').
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
