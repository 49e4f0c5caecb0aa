// Accounts: sign-up and sign-in, sessions and their tokens, passwords and their reset, two-factor sign-in, the team, the admin made at start.
export * from './admin-bootstrap';
export * from './mfa';
export * from './password-reset';
export * from './passwords';
export * from './sign-in';
export * from './team';
export * from './tokens';
