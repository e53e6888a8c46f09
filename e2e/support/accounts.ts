export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'Admin-e2e-Pass1';
