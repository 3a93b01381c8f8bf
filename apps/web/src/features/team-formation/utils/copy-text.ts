/**
 * Copies text to the clipboard: the Clipboard API where the page may use it, else the older
 * selection-and-copy route. Resolves false when neither worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission refused or no user activation: try the fallback.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    // Deprecated, but the only route left where the Clipboard API is unavailable.
    const isCopied = document.execCommand('copy');
    area.remove();
    return isCopied;
  } catch {
    return false;
  }
}
