/** Brazilian Portuguese texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows them. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "App não encontrado",
  missingText: "Este app não existe. Verifique o link que você seguiu.",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "Cancelar inscrição",
  marketing: "de marketing",
  otherCategory: "opcionais",
  question: "Deixar de receber e-mails {category} de {project}?",
  stillReceive: "Você continuará recebendo os e-mails necessários para usar sua conta, como links de acesso e alertas de segurança.",
  confirm: "Cancelar inscrição",
  doneTitle: "Inscrição cancelada",
  doneText: "Você não receberá mais e-mails {category} de {project}. É possível reativá-los nas configurações da sua conta.",
  invalidTitle: "Link inválido",
  invalidText: "Este link de cancelamento não é válido. Use o link do e-mail mais recente ou altere suas preferências de e-mail na sua conta.",
  failed: "Algo deu errado. Tente novamente.",
  checking: "Verificando o link…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "Finalizar compra",
  loading: "Carregando a oferta…",
  invalidTitle: "Este link de compra não funciona",
  invalidText: "Ele pode ter expirado (os links valem 24 horas) ou já ter sido usado. Peça um novo.",
  loadFailed: "Não foi possível carregar a oferta. Verifique sua conexão e tente novamente.",
  retry: "Tentar novamente",
  offeredBy: "Oferecido por {project}",
  choosePrice: "Escolha um preço",
  quantity: "Quantidade",
  included: "Incluído",
  noItems: "Nenhum item incluído.",
  everyInterval: "a cada {interval}",
  expiresWhenRepeated: "até o próximo crédito",
  expiresWithPurchase: "enquanto a compra estiver ativa",
  freeTrial: "Teste grátis: {interval}",
  testModeNote: "Modo de teste: esta compra é concluída sem pagamento.",
  testModeAdminOnly: "Modo de teste: as compras de teste são concluídas pelos administradores do app, não nesta página.",
  completeTest: "Concluir compra de teste",
  continueToPayment: "Continuar para o pagamento",
  notPayable: "Os pagamentos ainda não foram configurados para este app.",
  purchaseFailed: "A compra não foi concluída: {reason}",
  successTitle: "Compra concluída",
  successText: "Obrigado! {offer} agora é seu.",
  paymentReceived: "Pagamento recebido. Pode levar um momento até sua compra aparecer.",
  cancelledText: "O pagamento foi cancelado. Você pode escolher de novo abaixo.",
  billingTitle: "Cobrança",
  billingLoading: "Carregando suas compras…",
  activeOffers: "Ofertas ativas",
  noOffers: "Você não tem ofertas ativas.",
  balances: "Saldos de itens",
  noBalances: "Nenhum item configurado.",
  cancel: "Cancelar assinatura",
  cancelConfirm: "Cancelar {offer}? A renovação para a partir de agora.",
  confirmCancel: "Sim, cancelar",
  keep: "Manter",
  cancelled: "{offer} foi cancelado.",
  renews: "Renova em {date}",
  testBadge: "Teste",
  oneTime: "Compra única",
  subscription: "Assinatura",
  billingFailed: "Não foi possível carregar suas compras.",
  signInNeeded: "Entre na sua conta para ver suas compras.",
} satisfies Translation<PaymentKey>;
