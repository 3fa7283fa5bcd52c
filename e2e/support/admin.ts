/** The e2e server is started with this email in ADMIN_EMAILS: whoever registers with it is an admin. */
export const ADMIN_EMAIL = 'e2e-admin@example.com';
