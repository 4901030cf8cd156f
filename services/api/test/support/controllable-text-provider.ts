import { BuiltinTextProvider, ProviderUnavailableError, type PostDraftRequest } from '@lps/ai';

/**
 * A real text provider whose next calls can be held open or made to fail, so
 * tests can put a request "in flight" or make the upstream fail without timing.
 */
export class ControllableTextProvider extends BuiltinTextProvider {
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  private entered: (() => void) | undefined;
  failNext: Error[] = [];
  calls = 0;

  /** Holds the next writePost calls until `release()`; resolves once one call is waiting. */
  hold(): Promise<void> {
    this.gate = new Promise((resolve) => {
      this.openGate = resolve;
    });
    return new Promise((resolve) => {
      this.entered = resolve;
    });
  }

  release(): void {
    this.openGate?.();
    this.gate = undefined;
  }

  failWithOutage(times = 1): void {
    for (let index = 0; index < times; index += 1) this.failNext.push(new ProviderUnavailableError('upstream said 503', 17));
  }

  override async writePost(request: PostDraftRequest): Promise<{ body: string }> {
    this.calls += 1;
    const failure = this.failNext.shift();
    if (failure) throw failure;
    if (this.gate) {
      this.entered?.();
      await this.gate;
    }
    return super.writePost(request);
  }
}
