export { createUser, isRole, type CreateUserInput, type CreatedUser } from './create-user';
export { generatePassword, hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from './passwords';
