// The links of a mail body that are credentials in themselves: a password reset or team invitation
// link (?token=), a one-click unsubscribe link (?token=), a signed file download (/api/files/{token}).
// A body shown to a person has each replaced; whoever holds such a link acts as its recipient.

import { TOKEN_LINK_REDACTED } from '@portal/contracts';
import { redactUrl } from '../../logger';

/**
 * A link in plain text, absolute or a path from the root (a download address without PUBLIC_URL):
 * up to the first space, quote or angle bracket.
 */
const LINK = /(?:\bhttps?:\/\/|(?<![^\s(])\/)[^\s<>"'`]+/gi;

/** The part of a link the server routes on: its path, query and fragment, without scheme and host. */
const ADDRESS = /^https?:\/\/[^/?#]*/i;

/**
 * Whether a link carries a credential, by the rule the request log redacts by (logger.ts): a parameter
 * named like a token, in the query or the fragment or in a link nested as a value, or a download path.
 * A PUBLIC_URL with a path of its own (https://example.com/portal/) puts the routes after it, so the
 * path is read from its `/api/`.
 */
export function carriesToken(link: string): boolean {
  const address = link.replace(ADDRESS, '');
  const cut = address.search(/[?#]/);
  const path = cut === -1 ? address : address.slice(0, cut);
  const params = cut === -1 ? '' : decoded(address.slice(cut + 1)).replace(/[?#;]/g, '&');
  const routed = path.slice(Math.max(0, path.indexOf('/api/')));
  const probe = params ? `${routed}?${params}` : routed;
  return redactUrl(probe) !== probe;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Punctuation that ends the sentence around a link rather than the link. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** The text with every link that carries a credential replaced by TOKEN_LINK_REDACTED. */
export function redactTokenLinks(text: string): string {
  return text.replace(LINK, (match) => {
    const tail = TRAILING_PUNCTUATION.exec(match)?.[0] ?? '';
    const link = match.slice(0, match.length - tail.length);
    return carriesToken(link) ? `${TOKEN_LINK_REDACTED}${tail}` : match;
  });
}
