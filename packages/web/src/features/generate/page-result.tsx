import { Result, type ResultProps } from 'antd';

/** antd's Result (with its illustrations), for Generate NFT's rare full-page messages: loaded only when one shows. */
export function PageResult(props: ResultProps) {
  return <Result {...props} />;
}
