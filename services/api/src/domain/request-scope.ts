import type { LogContext, Logger } from '@lps/logger';

/**
 * A request's own ids, handed down explicitly: the id that jobs it causes carry,
 * and its log (a child logger carrying request_id, and member_id once authenticated).
 * The child is made on the first line logged: most requests log none, and two
 * winston children per request were measurable on the publish path.
 */
export class RequestScope {
  private readonly context: LogContext;
  private child: Logger | undefined;

  constructor(
    readonly id: string,
    private readonly root: Logger,
  ) {
    this.context = { request_id: id };
  }

  get log(): Logger {
    this.child ??= this.root.child({ ...this.context });
    return this.child;
  }

  /** After authentication: the lines logged from now on carry the member too. */
  identify(memberId: string): void {
    this.context.member_id = memberId;
    this.child = undefined;
  }
}
