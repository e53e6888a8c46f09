/** Password recovery (docs/product.md §2.3, §4; docs/architecture.md §5): request → e-mailed code → verify → new password. */
import { z } from 'zod';
import { minutes } from './auth';
import { requiredString } from './common';
import { newPassword } from './users';

export const RECOVERY_CODE_TTL_MINUTES = 15;
export const RECOVERY_MAX_ATTEMPTS = 5;
export const PASSWORD_HISTORY_SIZE = 5;
export const INVALID_CODE = 'The code is invalid or has expired.';
export const PASSWORD_REUSED = 'Your new password must be different to previously used passwords';
export const INVALID_RESET_TOKEN = 'This reset link is invalid or has expired. Please start again.';
/** 429 for a request or a code check beyond its limit per address or per name (docs/decisions/262). */
export const tooManyRecoveryAttempts = (retryAfterSeconds: number) =>
  `Too many password reset attempts. Try again in ${minutes(retryAfterSeconds)}.`;

export const recoveryRequestBody = z.object({ username: requiredString(180) });
/** The same answer whether or not the user exists, so names cannot be probed. */
export const recoveryRequestResponse = z.object({ sent: z.literal(true) });

export const recoveryVerifyBody = z.object({
  username: requiredString(180),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});
export const recoveryVerifyResponse = z.object({ resetToken: z.string() });

export const recoveryResetBody = z.object({ resetToken: z.string().min(1), plainPassword: newPassword });
export const recoveryResetResponse = z.object({ reset: z.literal(true) });
