/**
 * The one timer of the screen on show: the idle reset, an answer's time on screen, a refresh or a
 * retry. Arming it clears the previous one, so a screen change never leaves a stray timer behind.
 */
export class ScreenTimer {
  private handle: ReturnType<typeof setTimeout> | null = null;
  private armed: { ms: number; fire: () => void; resetOnTouch: boolean } | null = null;

  arm(ms: number, fire: () => void, options: { resetOnTouch: boolean }): void {
    this.clear();
    this.armed = { ms, fire, resetOnTouch: options.resetOnTouch };
    this.handle = setTimeout(() => this.fire(), ms);
  }

  /** A touch anywhere restarts the idle countdown (not an answer's or a refresh's). */
  touched(): void {
    if (!this.armed?.resetOnTouch) return;
    if (this.handle) clearTimeout(this.handle);
    this.handle = setTimeout(() => this.fire(), this.armed.ms);
  }

  clear(): void {
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
    this.armed = null;
  }

  private fire(): void {
    const armed = this.armed;
    this.clear();
    armed?.fire();
  }
}
