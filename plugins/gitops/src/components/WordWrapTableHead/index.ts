export { WordWrapTableHead, wrapAtWords } from './WordWrapTableHead';
export { CompactTable } from './CompactTable';
export { listTableOptions } from './listTableOptions';
export { BreakableName } from './BreakableName';
export { CompactTableCard } from './CompactTableCard';
