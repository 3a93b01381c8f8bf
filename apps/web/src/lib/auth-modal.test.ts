import { describe, expect, it, vi } from 'vitest';
import { authModal } from './auth-modal';

describe('authModal store', () => {
  it('opens on the asked tab, counts openings and closes', () => {
    const listener = vi.fn();
    const unsubscribe = authModal.subscribe(listener);
    const before = authModal.getState().openCount;
    authModal.open('signUp');
    expect(authModal.getState()).toEqual({ isOpen: true, tab: 'signUp', openCount: before + 1 });
    authModal.showTab('signIn');
    expect(authModal.getState().tab).toBe('signIn');
    authModal.close();
    expect(authModal.getState().isOpen).toBe(false);
    authModal.open();
    expect(authModal.getState()).toMatchObject({
      isOpen: true,
      tab: 'signIn',
      openCount: before + 2,
    });
    expect(listener).toHaveBeenCalledTimes(4);
    unsubscribe();
    authModal.close();
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
