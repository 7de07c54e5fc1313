// A secret for each purpose (issue 47, decision 0276): each is set on its own or derived from the master
// secret (SESSION_SECRET) with HKDF, and each can rotate: the previous value stays accepted until a set time.
import { hkdfSync } from 'node:crypto';

/** What signs or keys something that must verify later; each rotates on its own. */
export const SECRET_PURPOSES = ['signInCodes', 'unsubscribeLinks', 'invitations', 'references'] as const;
export type SecretPurpose = (typeof SECRET_PURPOSES)[number];

/** The HKDF `info` of each purpose: fixed, since changing one would change the derived key. */
const HKDF_INFO: Record<SecretPurpose, string> = {
  signInCodes: 'jobwise sign-in codes v1',
  unsubscribeLinks: 'jobwise unsubscribe links v1',
  invitations: 'jobwise team invitations v1',
  references: 'jobwise reference links v1',
};

/** The purpose's 32-byte key derived from the master secret, as text (HMAC keys here are strings). */
export function deriveSecret(master: string, purpose: SecretPurpose): string {
  return Buffer.from(hkdfSync('sha256', master, '', HKDF_INFO[purpose], 32)).toString('base64url');
}

/** One purpose's keys: the one that signs now, and every one a check accepts at a moment. */
export interface KeyRing {
  readonly current: string;
  /** Newest first: the current key, then previous ones until their time is up. */
  accepted(now: number): readonly string[];
}

export interface KeyGeneration {
  /** The keys of one secret value: the derived key, and (derived from the master) the master itself. */
  keys: readonly string[];
  /** Accepted until this epoch ms; absent for the current generation. */
  until?: number;
}

class GenerationsKeyRing implements KeyRing {
  readonly current: string;
  private readonly always: readonly string[];
  private readonly withPrevious: readonly string[];
  private readonly previousUntil: number | undefined;

  constructor(current: KeyGeneration, previous?: KeyGeneration) {
    const [signing] = current.keys;
    if (!signing) throw new Error('a key ring needs a current key');
    this.current = signing;
    this.always = [...current.keys];
    this.withPrevious = previous ? [...current.keys, ...previous.keys.filter((key) => !current.keys.includes(key))] : this.always;
    this.previousUntil = previous?.until;
  }

  accepted(now: number): readonly string[] {
    return this.previousUntil !== undefined && now < this.previousUntil ? this.withPrevious : this.always;
  }
}

export function keyRing(current: KeyGeneration, previous?: KeyGeneration): KeyRing {
  return new GenerationsKeyRing(current, previous);
}

export type Secrets = Readonly<Record<SecretPurpose, KeyRing>>;

export interface PurposeSecretSettings {
  /** Set on its own, or undefined: derived from the master. */
  own?: string;
  ownPrevious?: string;
  ownPreviousUntil?: number;
}

export interface SecretSettings {
  master: string;
  masterPrevious?: string;
  masterPreviousUntil?: number;
  purposes: Partial<Record<SecretPurpose, PurposeSecretSettings>>;
}

/**
 * A derived purpose also accepts the master itself: before secrets per purpose, SESSION_SECRET signed
 * everything, so codes and links made then keep working (decision 0276). A purpose set on its own
 * accepts only its own values.
 */
function derivedGeneration(master: string, purpose: SecretPurpose, until?: number): KeyGeneration {
  return { keys: [deriveSecret(master, purpose), master], ...(until === undefined ? {} : { until }) };
}

export function buildSecrets(settings: SecretSettings): Secrets {
  const ring = (purpose: SecretPurpose): KeyRing => {
    const own = settings.purposes[purpose];
    if (own?.own) {
      const previous = own.ownPrevious && own.ownPreviousUntil !== undefined ? { keys: [own.ownPrevious], until: own.ownPreviousUntil } : undefined;
      return keyRing({ keys: [own.own] }, previous);
    }
    const previous = settings.masterPrevious && settings.masterPreviousUntil !== undefined ? derivedGeneration(settings.masterPrevious, purpose, settings.masterPreviousUntil) : undefined;
    return keyRing(derivedGeneration(settings.master, purpose), previous);
  };
  return Object.fromEntries(SECRET_PURPOSES.map((purpose) => [purpose, ring(purpose)])) as Record<SecretPurpose, KeyRing>;
}
