import { type SalePhase, salePhases, setPhase, setSaleSchedule } from '@layerloom/contracts';
import { Button, Form, Input } from 'antd';
import { formatStart } from '../mint/mint-rules.ts';
import { phaseCallData, scheduleCallData } from './drop-call-data.ts';
import { DropCard } from './drop-card.tsx';
import type { DropContext } from './drop-context.ts';
import { phaseLabels } from './drop-format.ts';
import { dropNextAction } from './drop-next-action.ts';
import { DropSteps } from './drop-steps.tsx';
import { FeeHint } from './fee-hint.tsx';
import { PhaseTag } from './phase-tag.tsx';
import {
  hasSchedule,
  parseSchedule,
  type ScheduleField,
  type ScheduleInputs,
  toLocalInput,
} from './sale-schedule.ts';

const phaseActions: Record<SalePhase, string> = {
  closed: 'Close the sale',
  allowlist: 'Open the allowlist sale',
  public: 'Open the public sale',
};

/**
 * Opens the allowlist or public sale, or closes the sale, now (`setPhase`), or lets it open by itself at
 * start times (`setSaleSchedule`); setting a phase by hand ends a schedule.
 */
export function PhaseCard({ context }: { context: DropContext }) {
  const { state, canManage, actions, chainId } = context;
  const [form] = Form.useForm<ScheduleInputs>();
  const scheduled = hasSchedule(state.schedule);
  // The panel's one primary button: the sale to open next, if that is what comes next.
  const next = dropNextAction(state);
  const primaryPhase: SalePhase | null =
    next === 'open-allowlist' ? 'allowlist' : next === 'open-public' ? 'public' : null;
  const choose = (phase: SalePhase) =>
    void actions.run([
      { action: 'phase', title: phaseActions[phase], send: (clients) => setPhase({ ...clients, phase }) },
    ]);

  const onSchedule = async (values: ScheduleInputs) => {
    const parsed = parseSchedule(values, Date.now(), true);
    if (!parsed.ok) {
      form.setFields([{ name: parsed.field, errors: [parsed.message] }]);
      return;
    }
    const { schedule } = parsed;
    const parts = [
      schedule.allowlistStart ? `the allowlist sale ${formatStart(schedule.allowlistStart)}` : null,
      schedule.publicStart ? `the public sale ${formatStart(schedule.publicStart)}` : null,
    ].filter(Boolean);
    await actions.run([
      {
        action: 'schedule',
        title: `Open ${parts.join(', then ')}`,
        send: (clients) => setSaleSchedule({ ...clients, ...schedule }),
      },
    ]);
  };
  const clearSchedule = () =>
    void actions.run([
      {
        action: 'schedule',
        title: 'Clear the schedule (the sale closes)',
        send: (clients) => setSaleSchedule({ ...clients, allowlistStart: null, publicStart: null }),
      },
    ]);
  const clearError = (field: ScheduleField) => form.setFields([{ name: field, errors: [] }]);
  // Each phase button sends the same call with another phase, at the same fee: priced for the one that
  // comes next (or the first offered).
  const pricedPhase = primaryPhase ?? salePhases.find((phase) => phase !== state.phase) ?? null;
  const allowlistStart = Form.useWatch('allowlistStart', form);
  const publicStart = Form.useWatch('publicStart', form);
  const typedSchedule =
    allowlistStart === undefined && publicStart === undefined
      ? null
      : parseSchedule(
          { allowlistStart: allowlistStart ?? '', publicStart: publicStart ?? '' },
          Date.now(),
          true,
        );

  return (
    <DropCard id="phase" title="Sale phase">
      <p className="llc-drop-line">
        Now: <PhaseTag phase={state.phase} />
      </p>
      <div className="llc-drop-buttons">
        {salePhases
          .filter((phase) => phase !== state.phase)
          .map((phase) => (
            <Button
              key={phase}
              type={phase === primaryPhase ? 'primary' : 'default'}
              disabled={!canManage || actions.isRunning}
              loading={actions.running === 'phase'}
              onClick={() => choose(phase)}
            >
              {phaseActions[phase]}
            </Button>
          ))}
        {canManage && pricedPhase ? <FeeHint context={context} data={phaseCallData(pricedPhase)} /> : null}
      </div>
      {state.phase !== 'allowlist' && state.allowlist.merkleRoot === null ? (
        <p className="llc-muted llc-drop-hint">
          No allowlist is set on chain yet: in the {phaseLabels.allowlist.toLowerCase()}, no one could mint.
          Upload one below first.
        </p>
      ) : null}
      <DropSteps steps={actions.steps} actions={['phase']} chainId={chainId} />

      <h5 className="llc-drop-subtitle">Open by itself</h5>
      {scheduled ? (
        <p className="llc-drop-line" data-testid="drop-schedule">
          Scheduled on chain:{' '}
          {[
            state.schedule.allowlistStart
              ? `allowlist sale ${formatStart(state.schedule.allowlistStart)}`
              : null,
            state.schedule.publicStart ? `public sale ${formatStart(state.schedule.publicStart)}` : null,
          ]
            .filter(Boolean)
            .join(', then ')}
          . Opening or closing a sale by hand ends the schedule.
        </p>
      ) : (
        <p className="llc-muted llc-drop-hint">
          Set start times and the contract opens each sale at its time, without your wallet. The mint page
          counts down to it.
        </p>
      )}
      <Form<ScheduleInputs>
        form={form}
        name="drop-schedule"
        layout="vertical"
        key={`${state.schedule.allowlistStart?.getTime()}-${state.schedule.publicStart?.getTime()}`}
        initialValues={{
          allowlistStart: state.schedule.allowlistStart ? toLocalInput(state.schedule.allowlistStart) : '',
          publicStart: state.schedule.publicStart ? toLocalInput(state.schedule.publicStart) : '',
        }}
        onFinish={onSchedule}
        disabled={!canManage}
        requiredMark={false}
        className="llc-drop-form"
      >
        <div className="llc-drop-fields">
          <Form.Item
            name="allowlistStart"
            label="Allowlist sale opens"
            extra="Your local time. Empty: no allowlist sale."
          >
            <Input type="datetime-local" onChange={() => clearError('allowlistStart')} />
          </Form.Item>
          <Form.Item
            name="publicStart"
            label="Public sale opens"
            extra="Your local time. Ends the allowlist sale."
          >
            <Input type="datetime-local" onChange={() => clearError('publicStart')} />
          </Form.Item>
        </div>
        <div className="llc-drop-buttons">
          <Button
            htmlType="submit"
            disabled={!canManage || actions.isRunning}
            loading={actions.running === 'schedule'}
          >
            Set the schedule
          </Button>
          {canManage && typedSchedule?.ok ? (
            <FeeHint context={context} data={scheduleCallData(typedSchedule.schedule)} />
          ) : null}
          {scheduled ? (
            <Button disabled={!canManage || actions.isRunning} onClick={clearSchedule}>
              Clear the schedule
            </Button>
          ) : null}
        </div>
      </Form>
      <DropSteps steps={actions.steps} actions={['schedule']} chainId={chainId} />
    </DropCard>
  );
}
