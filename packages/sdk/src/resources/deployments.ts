import {
  type Deployment,
  listDeployments,
  type RecordDeploymentBody,
  recordDeployment,
  retrySourceVerification,
} from '@layerloom/api';
import type { Transport } from '../transport.ts';

/** Deployments: records of the collection contracts the creator's own wallet deployed (checked on chain). */
export class Deployments {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** A collection's deployment records, newest first. */
  async list(collectionId: string, options?: { signal?: AbortSignal }): Promise<Deployment[]> {
    const data = await this.#transport.call(
      listDeployments,
      { params: { id: collectionId } },
      options?.signal,
    );
    return data.deployments;
  }

  /** Records a deployment (needs `publish`); the server verifies it on chain when it has an RPC for the chain. */
  async record(
    collectionId: string,
    body: RecordDeploymentBody,
    options?: { signal?: AbortSignal },
  ): Promise<Deployment> {
    const data = await this.#transport.call(
      recordDeployment,
      { params: { id: collectionId }, body },
      options?.signal,
    );
    return data.deployment;
  }

  /**
   * Submits a deployed contract's source to its chain's explorer again after a failure (needs `publish`);
   * answers the deployment with its `sourceVerification` pending. `contract: 'royaltySplitter'` retries the
   * royalty splitter deployed with the collection instead (its `royaltySplitterVerification`).
   */
  async retrySourceVerification(
    collectionId: string,
    deploymentId: string,
    options?: { contract?: 'collection' | 'royaltySplitter'; signal?: AbortSignal },
  ): Promise<Deployment> {
    const data = await this.#transport.call(
      retrySourceVerification,
      {
        params: { id: collectionId, deploymentId },
        query: options?.contract ? { contract: options.contract } : undefined,
      },
      options?.signal,
    );
    return data.deployment;
  }
}
