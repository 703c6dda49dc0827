import ContractTestSupport
import ContractTool

// The to-do app's lists (`TodoApp.wireCatalogue`) as an app's tool, which the agreement and pact
// scripts run on the suite beside it: the wire as a real API writes it, judged by the real tools.
await ContractTool.main(catalogue: TodoApp.wireCatalogue, name: "todo-wire-contracts")
