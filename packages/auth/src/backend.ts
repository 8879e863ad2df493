/**
 * What the browser sends as its refresh token when a token-mediating backend (`@plinth/auth/server`) holds the
 * real one in its cookie: the backend swaps it for the cookie's. Shared by the adapter and the server entry.
 */
export const BACKEND_REFRESH_TOKEN = 'plinth:backend-cookie';
