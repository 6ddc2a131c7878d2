/** The action types as data (the table lives with the contract, whose Action enums come from it). */
export * from '@/lib/domain/contract/action-types';
