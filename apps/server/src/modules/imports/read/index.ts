/** The import's file layer (docs/decisions/258): what a file is, its sheets, its table, its dates, its refused rows. */
export { bufferSource, type ByteSource } from './byte-source';
export { FileRefusal } from './file-refusal';
export { sniff, sheetNames, UNPACK_LIMITS, type UnpackLimits } from './sniff';
export { openTable } from './open-table';
export type { ImportCell, ImportRow, TableReader } from './table';
export { importDay, importMoment } from './dates';
export { refusedRowsFile } from './refused-rows';
