/** Random testing (DESIGN.md 7.2): pools, periods, how many, the draw and its verification, selections, excuses, papers. */
export { ALGORITHM, commitmentOf, poolHashOf, rankMembers, scoreOf, verifyDraw, type VerificationInput } from './algorithm';
export { createDraw } from './create-draw';
export { createRandomPool } from './create-random-pool';
export { excuseSelection } from './excuse-selection';
export { getEmployeeRandomHistory } from './history';
export { howMany, requiredCount } from './how-many';
export { orderSelection } from './order-selection';
export { drawCertificatePdf, drawSnapshotCsv } from './papers';
export { getPoolProgress } from './progress';
export { getRandomDraw, getRandomPool, getRandomSelection, listDrawSelections, listPoolDraws, listRandomPools } from './queries';
export { revealDraw } from './reveal-draw';
export * from './schemas';
export { updateRandomPool } from './update-random-pool';
export { getDrawVerification } from './verification';
