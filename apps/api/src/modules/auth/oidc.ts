import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { OidcProvider } from '../../config';

/** What we take from a verified ID token. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class OidcTokenError extends Error {}

// Asymmetric signatures only: an HMAC "alg" would let anyone who knows the client id forge tokens.
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Verifies OpenID Connect ID tokens for the configured providers: the signature against the
 * provider's published keys (fetched from its JWKS URL and cached), the issuer, the audience
 * (our client id), the expiry and, when the client sent one, the nonce.
 */
export function createOidcVerifier(providers: OidcProvider[]) {
  const keySets = new Map(
    providers.map((p) => [
      p.id,
      { provider: p, keys: createRemoteJWKSet(new URL(p.jwksUri), { timeoutDuration: 5000 }) },
    ]),
  );

  return {
    has: (providerId: string) => keySets.has(providerId),

    async verify(providerId: string, idToken: string, options: { nonce?: string } = {}): Promise<OidcIdentity> {
      const entry = keySets.get(providerId);
      if (!entry) throw new OidcTokenError(`Unknown provider ${providerId}`);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, entry.keys, {
          issuer: entry.provider.issuer,
          audience: entry.provider.clientId,
          algorithms: ALGORITHMS,
          requiredClaims: ['sub', 'exp', 'iat'],
          clockTolerance: 30,
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw new OidcTokenError(`${error.code}: ${error.message}`);
        throw error;
      }
      if (options.nonce !== undefined && payload.nonce !== options.nonce) {
        throw new OidcTokenError('The nonce does not match');
      }
      const email = typeof payload.email === 'string' ? payload.email : null;
      return {
        subject: String(payload.sub),
        email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    },
  };
}

export type OidcVerifier = ReturnType<typeof createOidcVerifier>;
