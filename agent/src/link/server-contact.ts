/** When the server last answered anything (a refusal counts: it is up); shown in /health. */
export class ServerContact {
  private last: Date | null = null;

  constructor(private readonly now: () => Date) {}

  seen(): void {
    this.last = this.now();
  }

  lastAt(): Date | null {
    return this.last;
  }
}
