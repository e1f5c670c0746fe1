import { createHash } from 'node:crypto';
import type { Hex } from 'viem';

/** A standard JSON input to compile, the contract to pick from it and the solc build it names. */
export interface CheckSourceParameters {
  /** Parsed standard JSON input, as an explorer receives it. */
  standardJsonInput: unknown;
  /** `path/File.sol:Name`. */
  contractIdentifier: string;
  /** Full build, with or without a leading `v`: `0.8.37+commit.f401782d`. */
  compilerVersion: string;
  /** The runtime code the chain holds at the address (`eth_getCode`). */
  deployedCode: Hex;
  /** The deploy transaction's input (creation code + constructor arguments), when known. */
  creationInput?: Hex | undefined;
  /** The constructor arguments the submitter gave (hex, with or without 0x); checked against the input. */
  constructorArguments?: string | undefined;
}

/** `match`: the source compiles to exactly the deployed code, metadata hash included; otherwise why not. */
export type CheckSourceReturnType = { match: true } | { match: false; reason: string };

type SolcModule = { compile(input: string): string; version(): string };

interface CompiledOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        evm: {
          bytecode: { object: string };
          deployedBytecode: {
            object: string;
            immutableReferences?: Record<string, { start: number; length: number }[]>;
          };
        };
      }
    >
  >;
}

// solc-js takes seconds for the collection; the same input compiles to the same output, so it is kept.
const compiled = new Map<string, CompiledOutput>();

const strip = (hex: string) => hex.replace(/^0x/i, '').toLowerCase();

/**
 * Compiles a submitted standard JSON input with the bundled solc (solc-js, the project's compiler) and
 * compares it with the chain, as explorers do: the runtime code must equal the deployed code byte for
 * byte (the metadata hash included) once immutable values are copied in from the chain, and, when the
 * deploy transaction is known, creation code + constructor arguments must equal its input. Loads solc
 * only when called (it is a development dependency).
 */
export async function checkSource(parameters: CheckSourceParameters): Promise<CheckSourceReturnType> {
  const solc = ((await import('solc')) as { default: SolcModule }).default;
  const wanted = strip(parameters.compilerVersion).replace(/^v/, '');
  const have = solc.version();
  if (!have.startsWith(wanted)) {
    return { match: false, reason: `Compiler ${wanted} is not available here (solc ${have}).` };
  }
  const separator = parameters.contractIdentifier.lastIndexOf(':');
  const path = parameters.contractIdentifier.slice(0, separator);
  const name = parameters.contractIdentifier.slice(separator + 1);
  const input = structuredClone(parameters.standardJsonInput) as { settings?: Record<string, unknown> };
  input.settings = {
    ...input.settings,
    outputSelection: { '*': { '*': ['evm.bytecode.object', 'evm.deployedBytecode'] } },
  };
  // No import callback: the input must carry every source it needs, as it must for an explorer.
  const text = JSON.stringify(input);
  const key = createHash('sha256').update(text).digest('hex');
  const output = compiled.get(key) ?? (JSON.parse(solc.compile(text)) as CompiledOutput);
  compiled.set(key, output);
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) {
    return { match: false, reason: `Compilation failed: ${errors[0]?.formattedMessage.split('\n')[0]}` };
  }
  const contract = output.contracts?.[path]?.[name];
  if (!contract)
    return { match: false, reason: `No contract ${parameters.contractIdentifier} in the input.` };
  const onChain = strip(parameters.deployedCode);
  let runtime = contract.evm.deployedBytecode.object.toLowerCase();
  for (const references of Object.values(contract.evm.deployedBytecode.immutableReferences ?? {})) {
    for (const { start, length } of references) {
      const [from, to] = [start * 2, (start + length) * 2];
      runtime = runtime.slice(0, from) + onChain.slice(from, to) + runtime.slice(to);
    }
  }
  if (runtime !== onChain) {
    return { match: false, reason: 'The compiled runtime bytecode does not match the code on chain.' };
  }
  if (parameters.creationInput !== undefined) {
    const creation = contract.evm.bytecode.object.toLowerCase();
    const sent = strip(parameters.creationInput);
    if (!sent.startsWith(creation)) {
      return {
        match: false,
        reason: 'The compiled creation bytecode does not match the deploy transaction.',
      };
    }
    if (
      parameters.constructorArguments !== undefined &&
      strip(parameters.constructorArguments) !== sent.slice(creation.length)
    ) {
      return { match: false, reason: 'The constructor arguments do not match the deploy transaction.' };
    }
  }
  return { match: true };
}
