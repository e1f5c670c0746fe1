import { countries, type Profile, type ProfileFields } from '@layerloom/api';
import { Alert, Button, Col, Form, Input, Row, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useFeedback } from '../../app/feedback.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { showFieldErrors } from '../auth/forms/field-errors.ts';
import { emailRules } from '../auth/forms/rules.ts';
import { useCancelEmailChange, useProfile, useUpdateProfile } from './account-queries.ts';
import { AvatarField } from './avatar-field.tsx';

interface EditProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  country: string | undefined;
  zipcode: string;
}

const countryOptions = countries.map((country) => ({ value: country.code, label: country.name }));

function initialValues(profile: Profile): EditProfileValues {
  return {
    firstName: profile.user.name.first,
    lastName: profile.user.name.last,
    email: profile.user.email,
    address: profile.address ?? '',
    city: profile.city ?? '',
    state: profile.state ?? '',
    country: profile.country ?? undefined,
    zipcode: profile.zipcode ?? '',
  };
}

const required = (label: string) => [{ required: true, whitespace: true, message: `${label} is required` }];

/** Settings › Edit Profile: the picture, then names, email and address; Save (errors from the server on their fields). */
export function EditProfileTab() {
  const profile = useProfile();
  if (profile.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (profile.isError)
    return <Alert type="error" showIcon title={errorMessage(profile.error)} role="alert" />;
  return <EditProfileForm profile={profile.data.profile} />;
}

function EditProfileForm({ profile }: { profile: Profile }) {
  const [form] = Form.useForm<EditProfileValues>();
  const update = useUpdateProfile();
  const cancel = useCancelEmailChange();
  const feedback = useFeedback();
  const [failure, setFailure] = useState<string | null>(null);

  const onFinish = async (values: EditProfileValues) => {
    setFailure(null);
    const fields: ProfileFields = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      address: values.address.trim() || null,
      city: values.city.trim() || null,
      state: values.state.trim() || null,
      country: values.country ?? null,
      zipcode: values.zipcode.trim() || null,
    };
    try {
      const saved = await update.mutateAsync(fields);
      form.setFieldsValue(initialValues(saved));
      feedback.success(
        saved.pendingEmail ? 'Saved. Check your new inbox to confirm the email' : 'Profile saved',
      );
    } catch (error) {
      if (!showFieldErrors(form, error)) setFailure(errorMessage(error));
    }
  };
  const onCancelChange = async () => {
    try {
      await cancel.mutateAsync();
      feedback.success('Email change cancelled');
    } catch (error) {
      feedback.error(error);
    }
  };

  return (
    <div className="lls-edit">
      <AvatarField user={profile.user} />
      {profile.pendingEmail && (
        <Alert
          className="lls-pending"
          type="info"
          showIcon
          title={`Confirm ${profile.pendingEmail}`}
          description={`We sent a link to ${profile.pendingEmail}. Your account keeps ${profile.user.email} until you open it.`}
          action={
            <Button size="small" loading={cancel.isPending} onClick={() => void onCancelChange()}>
              Cancel change
            </Button>
          }
        />
      )}
      <Form<EditProfileValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(profile)}
        onFinish={onFinish}
        onValuesChange={() => setFailure(null)}
        disabled={update.isPending}
        className="lls-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label="First name" name="firstName" rules={required('First name')}>
              <Input autoComplete="given-name" maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Last name" name="lastName" rules={required('Last name')}>
              <Input autoComplete="family-name" maxLength={60} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label="Email"
              name="email"
              rules={emailRules}
              extra="A new email is used once you open the link we send to it."
            >
              <Input inputMode="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <fieldset className="lls-postal" aria-describedby="lls-postal-why">
              <legend className="lls-postal__legend">Postal address (optional)</legend>
              <p id="lls-postal-why" className="lls-postal__why">
                Only for your payment receipts: it is printed on the invoice of each plan you buy. Leave it
                empty if you don't need it there.
              </p>
              <Row gutter={16}>
                <Col xs={24}>
                  <Form.Item label="Street address" name="address">
                    <Input autoComplete="street-address" maxLength={200} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="City" name="city">
                    <Input autoComplete="address-level2" maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="State" name="state">
                    <Input autoComplete="address-level1" maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Country" name="country">
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      allowClear
                      placeholder="Choose a country"
                      options={countryOptions}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Zip code" name="zipcode">
                    <Input autoComplete="postal-code" maxLength={16} />
                  </Form.Item>
                </Col>
              </Row>
            </fieldset>
          </Col>
        </Row>
        {failure && <Alert className="lls-form__error" type="error" showIcon title={failure} role="alert" />}
        <Button type="primary" htmlType="submit" size="large" loading={update.isPending}>
          Save
        </Button>
      </Form>
    </div>
  );
}
