/** Simplified Chinese texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows them. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "找不到应用",
  missingText: "此应用不存在。请检查您打开的链接。",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "退订",
  marketing: "营销",
  otherCategory: "可选",
  question: "不再接收来自 {project} 的{category}邮件？",
  stillReceive: "您仍会收到使用账户所必需的邮件，例如登录链接和安全提醒。",
  confirm: "退订",
  doneTitle: "您已退订",
  doneText: "您将不再收到来自 {project} 的{category}邮件。您可以在账户设置中重新开启。",
  invalidTitle: "链接无效",
  invalidText: "此退订链接无效。请使用最新邮件中的链接，或在您的账户中更改邮件设置。",
  failed: "出了点问题，请重试。",
  checking: "正在检查链接…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "结账",
  loading: "正在加载套餐…",
  invalidTitle: "此购买链接无法使用",
  invalidText: "它可能已过期（链接有效期为 24 小时）或已被使用。请获取新的链接。",
  loadFailed: "无法加载套餐。请检查网络连接后重试。",
  retry: "重试",
  offeredBy: "由 {project} 提供",
  choosePrice: "选择价格",
  quantity: "数量",
  included: "包含内容",
  noItems: "不包含任何物品。",
  everyInterval: "每{interval}",
  expiresWhenRepeated: "直到下次发放",
  expiresWithPurchase: "在购买有效期内",
  freeTrial: "免费试用：{interval}",
  testModeNote: "测试模式：完成此次购买无需付款。",
  testModeAdminOnly: "测试模式：测试购买由应用管理员完成，而不是在此页面上完成。",
  completeTest: "完成测试购买",
  continueToPayment: "继续付款",
  notPayable: "此应用尚未设置付款。",
  purchaseFailed: "购买未成功：{reason}",
  successTitle: "购买完成",
  successText: "谢谢！{offer} 现在归您所有。",
  paymentReceived: "已收到付款。您的购买可能需要片刻才会显示。",
  cancelledText: "付款已取消。您可以在下方重新选择。",
  billingTitle: "账单",
  billingLoading: "正在加载您的购买记录…",
  activeOffers: "有效套餐",
  noOffers: "您没有有效的套餐。",
  balances: "物品余额",
  noBalances: "尚未配置任何物品。",
  cancel: "取消订阅",
  cancelConfirm: "取消 {offer}？它将从现在起不再续订。",
  confirmCancel: "是的，取消",
  keep: "保留",
  cancelled: "{offer} 已取消。",
  renews: "{date} 续订",
  testBadge: "测试",
  oneTime: "一次性购买",
  subscription: "订阅",
  billingFailed: "无法加载您的购买记录。",
  signInNeeded: "请登录以查看您的购买记录。",
} satisfies Translation<PaymentKey>;
