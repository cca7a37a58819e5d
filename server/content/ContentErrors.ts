/**
 * Why content could not be had. Messages name the mandant, the kind and the provider's HTTP status or
 * failure — never a URL with credentials, a token or a response body (they go to the log).
 */
export class ContentFetchError extends Error {
  constructor(
    message: string,
    /** HTTP status of the provider's answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ContentFetchError';
  }
}

/** The provider's answer arrived but is not in the documented shape. */
export class ContentFormatError extends ContentFetchError {
  constructor(message: string) {
    super(message);
    this.name = 'ContentFormatError';
  }
}

/** No fresh copy within the budget and no last good copy: the page shows 'Inhalt nicht verfügbar'. */
export class ContentUnavailableError extends Error {
  constructor(readonly key: string) {
    super(`content ${key} is not available`);
    this.name = 'ContentUnavailableError';
  }
}
