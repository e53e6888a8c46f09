import * as recoveryOps from '@cooler-hub/contract/operations/password-recovery';
import { api } from '../../lib/api-client';

export const requestRecovery = (username: string) => api.call(recoveryOps.requestPasswordRecoveryCode, { body: { username } });
export const verifyRecoveryCode = (username: string, code: string) =>
  api.call(recoveryOps.verifyPasswordRecoveryCode, { body: { username, code } });
export const resetPassword = (resetToken: string, plainPassword: string) =>
  api.call(recoveryOps.resetPassword, { body: { resetToken, plainPassword } });
