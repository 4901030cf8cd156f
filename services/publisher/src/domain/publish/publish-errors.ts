/** A publication that cannot succeed whatever we retry (no file, member not connected, …). */
export class PermanentPublishError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentPublishError';
  }
}
