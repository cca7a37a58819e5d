import type { TokenClaims } from '../../schemas/account.ts';

/** Who made a request: the verified claims of the token it carried, and the token itself. */
export interface Principal {
  claims: TokenClaims;
  /** Returned unchanged by GET /account/user (SPEC: "Token is then the caller's token"). */
  token: string;
}
