// One background job run at a time, run once more when asked while it ran: the shape of the
// outbox's delivery loop and of the invitation mails' (a LISTEN wake-up, a poll and an action can
// each ask at once; none is lost and no two runs overlap on this instance).

/** Runs `job` when `kick`ed: never two at once, and once more after a run that was kicked. */
export class CoalescedRun {
  readonly #job: () => Promise<void>;
  readonly #onError: (error: unknown) => void;
  readonly #isWanted: () => boolean;
  #running: Promise<void> | null = null;
  #again = false;

  /** `isWanted`: false while the owner is paused or stopped (no run starts, not even one asked). */
  constructor(
    job: () => Promise<void>,
    onError: (error: unknown) => void,
    isWanted: () => boolean = () => true,
  ) {
    this.#job = job;
    this.#onError = onError;
    this.#isWanted = isWanted;
  }

  /** Starts a run now, or asks the run in progress for one more when it ends. */
  kick() {
    if (!this.#isWanted()) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#job()
      .catch(this.#onError)
      .finally(() => {
        this.#running = null;
        if (this.#again) {
          this.#again = false;
          this.kick();
        }
      });
  }

  /** Waits for the run in progress, and the one it was asked for, to end. */
  async idle() {
    while (this.#running) await this.#running;
  }
}
