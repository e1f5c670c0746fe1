import { ClockCircleOutlined, QuestionCircleOutlined, SafetyOutlined } from '@ant-design/icons';
import { type ContactMessageInput, createContactMessage } from '@layerloom/api';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { call } from '../../lib/api.ts';
import { errorMessage, isApiError } from '../../lib/api-error.ts';
import { useSession } from '../auth/session.ts';
import { PageHero, PublicLayout } from './public-layout.tsx';

const fieldNames = ['name', 'email', 'subject', 'message'] as const;

/** Contact Us: a form that stores the message on the server and acknowledges it with a reference. */
export function ContactPage() {
  const [form] = Form.useForm<ContactMessageInput>();
  const session = useSession();
  const send = useMutation({
    mutationFn: (body: ContactMessageInput) => call(createContactMessage, { body }),
    onError: (error) => {
      // The server's field errors go on the fields they are about.
      if (isApiError(error) && error.fields.length > 0) {
        form.setFields(
          error.fields
            .filter((field) => (fieldNames as readonly string[]).includes(field.path))
            .map((field) => ({ name: field.path as keyof ContactMessageInput, errors: [field.message] })),
        );
      }
    },
  });

  const user = session.data;
  useEffect(() => {
    if (!user) return;
    if (!form.getFieldValue('name'))
      form.setFieldValue('name', `${user.name.first} ${user.name.last}`.trim());
    if (!form.getFieldValue('email')) form.setFieldValue('email', user.email);
  }, [user, form]);

  const failure = send.error;
  const fieldFailure = isApiError(failure) && failure.fields.length > 0;

  return (
    <PublicLayout title="Contact Us">
      <PageHero
        eyebrow="Support"
        title="Contact Us"
        lead="Questions about generating, plans, your account or a collection? Write to us and a person answers."
      />
      <div className="ll-page-body">
        <div className="ll-container ll-two-col">
          <div className="ll-card">
            {send.isSuccess ? (
              <Result
                status="success"
                title="Thanks, your message has been received"
                subTitle={
                  <>
                    Your reference is <strong className="ll-reference">{send.data.data.id}</strong> (received{' '}
                    {new Date(send.data.data.receivedAt).toLocaleString('en-GB', {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                    ). We answer by email within two working days.
                  </>
                }
                extra={
                  <Button
                    onClick={() => {
                      form.resetFields(['subject', 'message']);
                      send.reset();
                    }}
                  >
                    Send another message
                  </Button>
                }
              />
            ) : (
              <Form
                form={form}
                layout="vertical"
                requiredMark={false}
                onFinish={(values) => send.mutate(values)}
                onValuesChange={() => {
                  if (send.isError) send.reset();
                }}
                disabled={send.isPending}
              >
                <h2 className="ll-form-title">Send a message</h2>
                <div className="ll-form-row">
                  <Form.Item
                    label="Your name"
                    name="name"
                    rules={[{ required: true, whitespace: true, message: 'Name is required!' }, { max: 120 }]}
                  >
                    <Input autoComplete="name" />
                  </Form.Item>
                  <Form.Item
                    label="Email"
                    name="email"
                    rules={[
                      { required: true, message: 'Please enter your email address!' },
                      { type: 'email', message: 'Please enter a valid email address!' },
                    ]}
                  >
                    <Input type="email" autoComplete="email" />
                  </Form.Item>
                </div>
                <Form.Item
                  label="Subject"
                  name="subject"
                  rules={[
                    { required: true, whitespace: true, message: 'Subject is required!' },
                    { max: 200 },
                  ]}
                >
                  <Input placeholder="For example: Importing my HashLips layers" />
                </Form.Item>
                <Form.Item
                  label="Message"
                  name="message"
                  rules={[
                    { required: true, whitespace: true, message: 'Please write your message.' },
                    { min: 10, message: 'Message is too short (at least 10 characters)' },
                  ]}
                >
                  <Input.TextArea rows={7} maxLength={5000} showCount />
                </Form.Item>
                {failure && !fieldFailure && (
                  <Alert
                    type="error"
                    showIcon
                    className="ll-form-alert"
                    title="Your message was not sent"
                    description={errorMessage(failure)}
                  />
                )}
                <Button type="primary" htmlType="submit" size="large" loading={send.isPending}>
                  Send message
                </Button>
              </Form>
            )}
          </div>
          <aside>
            <ul className="ll-aside-list">
              <li>
                <span className="ll-aside-icon">
                  <ClockCircleOutlined aria-hidden="true" />
                </span>
                <div>
                  <strong>Answer within two working days</strong>
                  <p>You get a reference number as soon as you send; quote it if you write again.</p>
                </div>
              </li>
              <li>
                <span className="ll-aside-icon">
                  <QuestionCircleOutlined aria-hidden="true" />
                </span>
                <div>
                  <strong>Quick answers</strong>
                  <p>
                    Weights, rules, HashLips import, downloads: the <Link to="/help">Help Center</Link> may
                    already have the answer.
                  </p>
                </div>
              </li>
              <li>
                <span className="ll-aside-icon">
                  <SafetyOutlined aria-hidden="true" />
                </span>
                <div>
                  <strong>Your message stays private</strong>
                  <p>
                    We use your name and email only to answer you. See the{' '}
                    <Link to="/privacy">Privacy Policy</Link>.
                  </p>
                </div>
              </li>
            </ul>
          </aside>
        </div>
      </div>
    </PublicLayout>
  );
}
