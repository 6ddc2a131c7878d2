export { createApiToken, issueApiToken, type CreateApiTokenInput } from './create-api-token';
export { apiTokenRepresentation, getApiToken, listApiTokens, manageableToken, tenantOfToken, type ApiTokenListItem } from './queries';
export { revokeApiToken } from './revoke-api-token';
