export { createApiToken, type CreateApiTokenInput } from './create-api-token';
export { listApiTokens, manageableToken, tenantOfToken, type ApiTokenListItem } from './queries';
export { revokeApiToken } from './revoke-api-token';
