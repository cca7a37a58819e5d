/** A migration cannot be applied, or an applied migration file was changed afterwards. */
export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration?: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}
