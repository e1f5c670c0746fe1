import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApp } from './support/app.ts';
import {
  openPage,
  screenshot,
  seriousAxeViolations,
  signIn,
  testAdmin,
  type ViewportName,
  viewports,
} from './support/browser.ts';
import { createMember, mailTo, startAppWithMember } from './support/members.ts';

let app: RunningApp;
let browser: Browser;
let ada: { email: string; password: string };
let bob: { email: string; password: string };

beforeAll(async () => {
  ({ app, browser, member: ada } = await startAppWithMember({ firstname: 'Ada', lastname: 'Lovelace' }));
  const { context } = await openPage(browser, app.url);
  bob = await createMember(context, { firstname: 'Bob', lastname: 'Stone' });
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const chatOf = (page: Page, name: string) => page.getByRole('region', { name: `Conversation with ${name}` });
const listOf = (page: Page) => page.getByRole('region', { name: 'Conversations' });

/** Looks at each width, checks axe once, and saves the screenshots. */
async function atEveryWidth(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const width of ['desktop', 'tablet', 'phone'] as ViewportName[]) {
    await page.setViewportSize(viewports[width]);
    await ready();
    await screenshot(page, name);
  }
  await page.setViewportSize(viewports.desktop);
}

describe('Messages', () => {
  it('two users exchange messages live: unread counts, read receipts, links, an image and a block', async () => {
    const adaPage = await openPage(browser, app.url, 'desktop');
    const bobPage = await openPage(browser, app.url, 'desktop');
    await signIn(adaPage.context, ada.email, ada.password);
    await signIn(bobPage.context, bob.email, bob.password);
    await bobPage.page.goto('/dashboard/messages');
    await listOf(bobPage.page).getByText('No conversations yet').waitFor();

    // Ada starts a conversation from the menu's Messages page with Bob's email.
    const a = adaPage.page;
    await a.goto('/dashboard');
    await a
      .getByRole('navigation', { name: 'Dashboard' })
      .first()
      .getByRole('link', { name: 'Messages' })
      .click();
    await a.getByRole('button', { name: 'New' }).click();
    await a.getByLabel('Their email or user ID').fill('nobody@layerloom.test');
    await a.getByRole('button', { name: 'Start' }).click();
    await a.getByText('No Layerloom user has this email or user ID').waitFor();
    await a.getByLabel('Their email or user ID').fill(bob.email);
    await a.getByRole('button', { name: 'Start' }).click();
    await a.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const adaChat = chatOf(a, 'Bob Stone');
    const input = adaChat.getByRole('textbox', { name: 'Message' });
    await input.fill('Hello Bob! <b>not bold</b> the docs: https://layerloom.test/help');
    await input.press('Enter');
    await adaChat.getByText('Sent').waitFor();

    // Bob sees it arrive without a reload, counted unread, and opens it: Ada's message turns Read live.
    const b = bobPage.page;
    await listOf(b)
      .getByRole('link', { name: /Ada Lovelace.*1 unread/ })
      .waitFor();
    // The side menu counts it too (live), on the desktop sidebar and in the phone's drawer.
    const bobMenu = b.getByRole('navigation', { name: 'Dashboard' }).first();
    await bobMenu.getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    await screenshot(b, 'messages-menu-badge');
    await b.setViewportSize(viewports.phone);
    await b.getByRole('button', { name: 'Open menu' }).click();
    await b.getByRole('dialog').getByRole('link', { name: 'Messages 1 unread' }).waitFor();
    await screenshot(b, 'messages-menu-badge');
    await b.getByRole('button', { name: 'Close menu' }).click();
    await b.getByRole('dialog').waitFor({ state: 'hidden' });
    await b.setViewportSize(viewports.desktop);
    await listOf(b)
      .getByRole('link', { name: /Ada Lovelace/ })
      .click();
    const bobChat = chatOf(b, 'Ada Lovelace');
    await bobChat.getByText('<b>not bold</b>', { exact: false }).waitFor();
    expect(await bobChat.locator('.ll-chat__text b').count()).toBe(0);
    expect(
      await bobChat.getByRole('link', { name: 'https://layerloom.test/help' }).getAttribute('href'),
    ).toBe('https://layerloom.test/help');
    await bobChat.getByRole('heading', { name: 'Today' }).waitFor();
    await adaChat.getByText('Read').waitFor();
    await bobMenu.getByRole('link', { name: 'Messages', exact: true }).waitFor();

    // Bob answers on two lines (Shift+Enter) and with an image; both reach Ada live.
    const bobInput = bobChat.getByRole('textbox', { name: 'Message' });
    await bobInput.pressSequentially('Hi Ada,');
    await bobInput.press('Shift+Enter');
    await bobInput.pressSequentially('here is the sketch.');
    await bobInput.press('Enter');
    await adaChat.getByText(/Hi Ada,\s+here is the sketch\./).waitFor();
    const image = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#e4a72e' } })
      .png()
      .toBuffer();
    await b
      .getByTestId('message-image-input')
      .setInputFiles({ name: 'sketch.png', mimeType: 'image/png', buffer: image });
    const received = adaChat.getByRole('img', { name: 'Sent by Bob Stone' });
    await received.waitFor();
    await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

    expect(await seriousAxeViolations(a)).toEqual([]);
    await atEveryWidth(a, 'messages-chat', () =>
      adaChat.getByText('here is the sketch.', { exact: false }).waitFor(),
    );

    // Bob blocks Ada: what she sends is refused and never reaches him.
    await bobChat.getByRole('button', { name: 'Block' }).click();
    await b.getByRole('button', { name: 'Block', exact: true }).last().click();
    await bobChat.getByText('You blocked Ada Lovelace').waitFor();
    await input.fill('Are you there?');
    await input.press('Enter');
    await a.getByText('Bob Stone does not accept messages from you.').waitFor();
    await bobChat.getByRole('button', { name: 'Unblock' }).click();
    await bobChat.getByRole('textbox', { name: 'Message' }).waitFor();
    expect(await bobChat.getByText('Are you there?').count()).toBe(0);
    // The browser logs the two refusals the test caused (the unknown address, the block); nothing else.
    expect(adaPage.errors.filter((error) => !/status of (403|404)/.test(error))).toEqual([]);
    expect(bobPage.errors).toEqual([]);
  });

  it('on a phone shows the list or one chat, with a way back', async () => {
    const { context, page, errors } = await openPage(browser, app.url, 'phone');
    await signIn(context, bob.email, bob.password);
    await page.goto('/dashboard/messages');
    const row = listOf(page).getByRole('link', { name: /Ada Lovelace/ });
    await row.waitFor();
    expect(await page.getByRole('region', { name: 'Conversation', exact: true }).isVisible()).toBe(false);
    await screenshot(page, 'messages-phone-list');
    await row.click();
    const chat = chatOf(page, 'Ada Lovelace');
    await chat.getByText('here is the sketch.', { exact: false }).waitFor();
    expect(await listOf(page).isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'messages-phone-chat');
    await chat.getByRole('link', { name: 'Back to conversations' }).click();
    await page.waitForURL(/\/dashboard\/messages$/);
    await row.waitFor();
    expect(errors).toEqual([]);
  });

  it('the contact form reaches the support inbox and the admin’s reply is mailed to the visitor', async () => {
    const visitor = await openPage(browser, app.url, 'desktop');
    const v = visitor.page;
    const email = `vera-${Date.now()}@layerloom.test`;
    await v.goto('/contact');
    await v.getByLabel('Your name').fill('Vera Visitor');
    await v.getByLabel('Email').fill(email);
    await v.getByLabel('Subject').fill('School plans');
    await v.getByLabel('Message').fill('Do you offer a plan for a school art club?');
    await v.getByRole('button', { name: 'Send message' }).click();
    await v.getByText('Send another message').waitFor();

    const { context, page, errors } = await openPage(browser, app.url, 'desktop');
    await signIn(context, testAdmin.email, testAdmin.password);
    await page.goto('/dashboard/messages');
    // The menu's badge counts the inbox too: the inbox's tab shows its part of the count.
    const boxes = page.getByRole('radiogroup', { name: 'Which messages' });
    await boxes.getByRole('radio', { name: 'Support inbox 1 unread' }).waitFor({ state: 'attached' });
    await page.getByText('Support inbox').click();
    await page.waitForURL(/box=support/);
    const row = listOf(page).getByRole('link', { name: /Vera Visitor/ });
    await row.getByText('School plans').waitFor();
    await row.click();
    const chat = chatOf(page, 'Vera Visitor');
    await chat.getByText('Do you offer a plan for a school art club?').waitFor();
    const inboxChosen = () => boxes.getByRole('radio', { name: /Support inbox/ }).isChecked();
    expect(await inboxChosen()).toBe(true);
    // Opened by its bare address (as a message notification links it), the thread keeps the inbox's tab.
    await page.goto(new URL(page.url()).pathname);
    await chat.getByText('Do you offer a plan for a school art club?').waitFor();
    await expect.poll(inboxChosen).toBe(true);
    await row.waitFor();
    const reply = chat.getByRole('textbox', { name: 'Message' });
    expect(await reply.getAttribute('placeholder')).toBe('Reply (mailed to the visitor)');
    await reply.fill('Yes: the Starter plan suits a club. Write back with its size.');
    await reply.press('Enter');
    await chat.getByText('Yes: the Starter plan suits a club.', { exact: false }).waitFor();
    await chat.getByText('Mailed').waitFor();
    const mail = await mailTo(context, email, 'Re: School plans');
    expect(mail.text).toContain('Yes: the Starter plan suits a club. Write back with its size.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await atEveryWidth(page, 'messages-support-inbox', () =>
      chat.getByText('Starter plan').first().waitFor(),
    );
    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
