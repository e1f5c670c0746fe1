/** The `ipfs://` addresses of an IPFS publication: `tokenURI` = `baseUri + id + '.json'`, images beside. */
export function ipfsBase(row: { ipfs_images_cid?: string | null; ipfs_metadata_cid?: string | null }) {
  return {
    baseUri: `ipfs://${row.ipfs_metadata_cid}/`,
    imageBaseUri: `ipfs://${row.ipfs_images_cid}/`,
  };
}
