import { validationError, type AppError, type ErrorDetails } from '@lps/common';

/** Fields an error's `details` names at most; the message counts the rest. */
export const MAX_DETAILS = 20;

/**
 * The problems found in one request, by field path. A Map, so a field named
 * like an inherited property (`constructor`, `toString`, `__proto__`) is a field
 * like any other; bounded, so a body of many bad fields gets an answer of
 * MAX_DETAILS lines, not one as large as itself. The first problem of a field wins.
 */
export class ProblemList {
  private readonly shown = new Map<string, string>();
  /** Fields past MAX_DETAILS: only counted (a Set, so a field with two problems counts once). */
  private readonly hidden = new Set<string>();

  add(field: string, message: string): void {
    if (this.shown.has(field)) return;
    if (this.shown.size < MAX_DETAILS) this.shown.set(field, message);
    else this.hidden.add(field);
  }

  /** Enough problems for an answer: validating further would only add to the count. */
  get full(): boolean {
    return this.shown.size >= MAX_DETAILS;
  }

  get empty(): boolean {
    return this.shown.size === 0;
  }

  /** The 422 validation_error: details of the first MAX_DETAILS fields (an object without a prototype), the total in the message. */
  toError(): AppError {
    const details = Object.create(null) as ErrorDetails;
    for (const [field, message] of this.shown) details[field] = message;
    if (this.hidden.size === 0) return validationError(details);
    const total = this.shown.size + this.hidden.size;
    return validationError(details, `request failed validation: ${total.toLocaleString('en-US')} fields have problems; details names the first ${MAX_DETAILS}`);
  }
}
