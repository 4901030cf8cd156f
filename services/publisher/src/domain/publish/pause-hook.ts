/**
 * The steps of a publication at which the process may be stopped (the crash-safety
 * test kills it there). A port: the publication awaits it at each step and the
 * service injects the implementation (adapters/test-pause.ts), which outside that test does nothing.
 */
export type PauseStep = 'after-claim' | 'network-call' | 'after-call' | 'after-commit';
export type PauseHook = (step: PauseStep, postId: string) => Promise<void>;
