/** API token calls (docs/decisions/279; contract api-tokens.ts): your own under /api/profile/tokens, everyone's under /api/tokens. */
import { apiTokenCreated, apiTokenList, type ApiToken, type ApiTokenCreateBody } from '@cooler-hub/contract/api-tokens';
import type { ListFetcher } from '../../components/list/use-list-controller';
import { api } from '../../lib/api-client';

export const API_TOKENS_KEY = ['api_tokens'] as const;
export const MY_API_TOKENS_KEY = [...API_TOKENS_KEY, 'mine'] as const;

export const listMyApiTokens = (signal?: AbortSignal) => api.get('/api/profile/tokens', apiTokenList, undefined, signal);
export const createApiToken = (body: ApiTokenCreateBody) => api.post('/api/profile/tokens', body, apiTokenCreated);
export const revokeMyApiToken = (id: number) => api.delete(`/api/profile/tokens/${id}`);

export const listAllApiTokens: ListFetcher<ApiToken> = (q, signal) => api.get('/api/tokens', apiTokenList, q.apiQuery, signal);
export const revokeApiToken = (id: number) => api.delete(`/api/tokens/${id}`);
