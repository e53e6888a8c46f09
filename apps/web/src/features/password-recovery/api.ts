import { recoveryRequestResponse, recoveryResetResponse, recoveryVerifyResponse } from '@cooler-hub/contract/password-recovery';
import { api } from '../../lib/api-client';

const BASE = '/api/password_recovery';

export const requestRecovery = (username: string) => api.post(`${BASE}/request`, { username }, recoveryRequestResponse);
export const verifyRecoveryCode = (username: string, code: string) =>
  api.post(`${BASE}/verify`, { username, code }, recoveryVerifyResponse);
export const resetPassword = (resetToken: string, plainPassword: string) =>
  api.post(`${BASE}/reset`, { resetToken, plainPassword }, recoveryResetResponse);
