/** Japanese texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows Japanese. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "アプリが見つかりません",
  missingText: "このアプリは存在しません。開いたリンクをご確認ください。",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "配信停止",
  marketing: "マーケティング",
  otherCategory: "任意の",
  question: "{project} からの{category}メールの受信を停止しますか？",
  stillReceive: "ログインリンクやセキュリティのお知らせなど、アカウントの利用に必要なメールは引き続き届きます。",
  confirm: "配信を停止",
  doneTitle: "配信を停止しました",
  doneText: "{project} からの{category}メールは今後届きません。アカウント設定で再び受信するように変更できます。",
  invalidTitle: "無効なリンク",
  invalidText: "この配信停止リンクは無効です。最新のメールに記載のリンクを使うか、アカウントのメール設定を変更してください。",
  failed: "問題が発生しました。もう一度お試しください。",
  checking: "リンクを確認しています…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "お支払い",
  loading: "プランを読み込んでいます…",
  invalidTitle: "この購入リンクは使用できません",
  invalidText: "有効期限（24 時間）が切れているか、すでに使用された可能性があります。新しいリンクを依頼してください。",
  loadFailed: "プランを読み込めませんでした。接続を確認して、もう一度お試しください。",
  retry: "再試行",
  offeredBy: "提供: {project}",
  choosePrice: "料金を選択",
  quantity: "数量",
  included: "含まれるもの",
  noItems: "含まれるアイテムはありません。",
  everyInterval: "{interval}ごと",
  expiresWhenRepeated: "次回の付与まで",
  expiresWithPurchase: "購入が有効な間",
  freeTrial: "無料トライアル: {interval}",
  testModeNote: "テストモード: この購入では支払いは発生しません。",
  testModeAdminOnly: "テストモード: テスト購入はこのページではなく、アプリの管理者が完了します。",
  completeTest: "テスト購入を完了",
  continueToPayment: "お支払いへ進む",
  notPayable: "このアプリではまだ支払いが設定されていません。",
  purchaseFailed: "購入を完了できませんでした: {reason}",
  successTitle: "購入が完了しました",
  successText: "ありがとうございます。{offer} をご利用いただけるようになりました。",
  paymentReceived: "お支払いを受け付けました。購入内容が表示されるまで少し時間がかかる場合があります。",
  cancelledText: "お支払いはキャンセルされました。下から選び直すことができます。",
  billingTitle: "請求",
  billingLoading: "購入履歴を読み込んでいます…",
  activeOffers: "有効なプラン",
  noOffers: "有効なプランはありません。",
  balances: "アイテムの残高",
  noBalances: "設定されているアイテムはありません。",
  cancel: "サブスクリプションを解約",
  cancelConfirm: "{offer} を解約しますか？今後は更新されません。",
  confirmCancel: "解約する",
  keep: "継続する",
  cancelled: "{offer} を解約しました。",
  renews: "{date} に更新",
  testBadge: "テスト",
  oneTime: "買い切り",
  subscription: "サブスクリプション",
  billingFailed: "購入履歴を読み込めませんでした。",
  signInNeeded: "購入履歴を見るにはログインしてください。",
} satisfies Translation<PaymentKey>;
