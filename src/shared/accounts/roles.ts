/** The account role that opens the admin pages (/admin/analytics, /admin/moderation); granted by `npm run admin:grant`. */
export const ADMIN_ROLE = 'admin';
