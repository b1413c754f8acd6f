import { useEffect } from 'react';

/** Keeps the screen on while the pass shows (the Screen Wake Lock API, where the browser has it). */
export function useScreenAwake(): void {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (taken) => (live ? (lock = taken) : void taken.release()),
        () => undefined,
      );
    };
    take();
    // A lock ends when the page is hidden; it is taken again when the member comes back.
    document.addEventListener('visibilitychange', take);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', take);
      void lock?.release();
    };
  }, []);
}
