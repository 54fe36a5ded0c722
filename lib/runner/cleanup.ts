/**
 * The run's one cleanup stack. Whatever a phase opens — the embedded sandbox, the token broker,
 * the run's files under REPORTS_DIR/.run, the signal handlers of the phases before the checks — it
 * registers here as it opens it, and every ending (normal, interrupted, target down, a preflight
 * problem, a configuration error, a bug) unwinds the same stack, last opened first closed. Each step
 * is bounded: a server that does not close cannot keep the command from ending.
 */

const STEP_TIMEOUT_MS = 5_000;

interface Step {
  what: string;
  undo: () => unknown;
}

export class CleanupStack {
  private readonly steps: Step[] = [];

  /** Registers what undoes a thing just opened; `what` names it if undoing it fails. */
  defer(what: string, undo: () => unknown): void {
    this.steps.push({ what, undo });
  }

  /** Undoes everything registered, newest first; a step that throws or hangs is reported, the rest still run. */
  async unwind(say: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Promise<void> {
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      try {
        await bounded(Promise.resolve().then(step.undo), STEP_TIMEOUT_MS);
      } catch (error) {
        say(`conformance: closing ${step.what} failed: ${(error as Error).message}`);
      }
    }
  }
}

function bounded(work: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not done after ${ms / 1000} s`)), ms).unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
