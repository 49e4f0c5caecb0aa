// Texts the onboarding route shows before its (code-split) screen has loaded.
export const ONBOARDING_LOADING_TEXT = 'Loading your partner profile...';
