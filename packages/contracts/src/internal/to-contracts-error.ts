import { BaseError, ContractFunctionRevertedError, UserRejectedRequestError } from 'viem';
import {
  type CollectionErrorName,
  CollectionRevertedError,
  ContractsError,
  TransactionFailedError,
  TransactionRejectedError,
} from '../errors.ts';

/** Turns whatever viem threw while simulating or sending into one of this package's typed errors. */
export function toContractsError(error: unknown): ContractsError {
  if (error instanceof ContractsError) return error;
  if (error instanceof BaseError) {
    const revert = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
    if (revert instanceof ContractFunctionRevertedError) {
      return new CollectionRevertedError({
        reason: revert.data?.errorName as CollectionErrorName | undefined,
        args: revert.data?.args ?? [],
        cause: error,
      });
    }
    if (error.walk((cause) => cause instanceof UserRejectedRequestError)) {
      return new TransactionRejectedError({ cause: error });
    }
  }
  return new TransactionFailedError({ cause: error });
}
