import { BarChartOutlined } from '@ant-design/icons';
import { LinkButton } from '../../components/link-button.tsx';

/** Opens a finished collection's rarity report. */
export function RarityReportLink({ collectionId }: { collectionId: string }) {
  return (
    <LinkButton to={`/dashboard/collections/${collectionId}/rarity`} icon={<BarChartOutlined />}>
      Rarity report
    </LinkButton>
  );
}
