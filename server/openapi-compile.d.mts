export function contractFiles(root: string): string[];
export function compiledContractPath(outDir: string, name: string): string;
export function validateContract(file: string, text: string): Promise<Record<string, unknown>>;
export function compileContracts(root: string, outDir: string): Promise<string[]>;
