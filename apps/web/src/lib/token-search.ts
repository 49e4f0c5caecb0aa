// The search of a page that a mail's link opens (password reset, team invitation): the token it
// carries, or none when the link has lost it.

export const parseTokenSearch = (search: Record<string, unknown>): { token?: string } =>
  typeof search.token === 'string' && search.token ? { token: search.token } : {};
