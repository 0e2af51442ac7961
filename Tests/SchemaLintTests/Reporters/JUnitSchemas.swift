import Foundation

/// The two JUnit schemas CI tools validate against, as checks written here (no schema file is
/// kept): the strict Ant JUnit schema (windyroad/JUnit-Schema, JUnit.xsd) and Jenkins' xunit
/// junit-10.xsd. Each returns the violations it finds, empty when the document is valid.
enum JUnitSchemas {
    /// An element with its children, rebuilt from ``ParsedXML``'s document-order list.
    struct Node {
        var name: String
        var attributes: [String: String]
        var text: String
        var children: [Node]
    }

    static func tree(_ xml: ParsedXML) -> Node? {
        var stack: [Node] = []
        var depths: [Int] = []
        var root: Node?
        func close() {
            let node = stack.removeLast()
            depths.removeLast()
            if stack.isEmpty { root = node } else { stack[stack.count - 1].children.append(node) }
        }
        for element in xml.elements {
            while let depth = depths.last, depth >= element.depth { close() }
            stack.append(Node(name: element.name, attributes: element.attributes, text: element.text, children: []))
            depths.append(element.depth)
        }
        while !stack.isEmpty { close() }
        return root
    }

    private static func matches(_ text: String?, _ pattern: String) -> Bool {
        guard let text else { return false }
        return text.range(of: "^(" + pattern + ")$", options: .regularExpression) != nil
    }

    private static let int = "-?[0-9]+"
    private static let decimal = "[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)"

    /// Attributes outside `allowed`, or `required` ones missing, as messages.
    private static func attributes(_ node: Node, required: [String], allowed: Set<String>) -> [String] {
        required.filter { node.attributes[$0] == nil }.map { "<\(node.name)> lacks the required attribute '\($0)'" }
            + node.attributes.keys.sorted().filter { !allowed.contains($0) }.map { "<\(node.name)> may not have the attribute '\($0)'" }
    }

    /// windyroad/JUnit-Schema: `testsuites` without attributes; each `testsuite` with name, timestamp
    /// (no zone), hostname, tests, failures, errors, time, id and package, holding exactly `properties`,
    /// then test cases, then `system-out` and `system-err`; a test case has name, classname and time and
    /// at most one `error` or `failure` (with a `type`), nothing else.
    static func strictAntViolations(_ root: Node) -> [String] {
        var problems: [String] = []
        guard root.name == "testsuites" else { return ["the root is <\(root.name)>, not <testsuites>"] }
        problems += attributes(root, required: [], allowed: [])
        for (index, suite) in root.children.enumerated() {
            guard suite.name == "testsuite" else { problems.append("<testsuites> may hold only <testsuite>, found <\(suite.name)>"); continue }
            let required = ["name", "timestamp", "hostname", "tests", "failures", "errors", "time", "package", "id"]
            problems += attributes(suite, required: required, allowed: Set(required))
            if !matches(suite.attributes["timestamp"], "[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}") { problems.append("timestamp '\(suite.attributes["timestamp"] ?? "")' is not yyyy-mm-ddThh:mm:ss") }
            for name in ["tests", "failures", "errors"] where !matches(suite.attributes[name], int) { problems.append("\(name) is not an integer") }
            if !matches(suite.attributes["id"], int) { problems.append("id is not an integer") }
            if suite.attributes["id"] != String(index) { problems.append("id of suite \(index) is not \(index)") }
            if !matches(suite.attributes["time"], decimal) { problems.append("time is not a decimal") }
            for name in ["name", "hostname", "package"] where (suite.attributes[name] ?? "").trimmingCharacters(in: .whitespaces).isEmpty { problems.append("\(name) is empty") }
            let order = suite.children.map(\.name)
            let cases = order.dropFirst().dropLast(2)
            if order.first != "properties" || order.suffix(2) != ["system-out", "system-err"] || cases.contains(where: { $0 != "testcase" }) {
                problems.append("<testsuite> must hold properties, testcase*, system-out, system-err in this order; it holds \(order)")
            }
            for child in suite.children {
                switch child.name {
                case "properties":
                    for property in child.children {
                        if property.name != "property" { problems.append("<properties> holds <\(property.name)>") }
                        problems += attributes(property, required: ["name", "value"], allowed: ["name", "value"])
                    }
                case "testcase":
                    problems += attributes(child, required: ["name", "classname", "time"], allowed: ["name", "classname", "time"])
                    if !matches(child.attributes["time"], decimal) { problems.append("testcase time is not a decimal") }
                    if child.children.count > 1 { problems.append("<testcase> holds more than one element") }
                    for outcome in child.children {
                        if !["error", "failure"].contains(outcome.name) { problems.append("<testcase> may hold only <error> or <failure>, found <\(outcome.name)>") }
                        problems += attributes(outcome, required: ["type"], allowed: ["type", "message"])
                        if !outcome.children.isEmpty { problems.append("<\(outcome.name)> holds elements") }
                    }
                case "system-out", "system-err":
                    if !child.children.isEmpty || !child.attributes.isEmpty { problems.append("<\(child.name)> holds elements or attributes") }
                default:
                    break
                }
            }
        }
        return problems
    }

    /// Jenkins' junit-10.xsd: `testsuites` with optional name, time, tests, failures, errors; a
    /// `testsuite` needs name, tests, failures and errors and allows a fixed set of others (time in
    /// Surefire's number form); a `testcase` needs a name and allows time, classname and group only.
    static func jenkinsViolations(_ root: Node) -> [String] {
        var problems: [String] = []
        guard root.name == "testsuites" || root.name == "testsuite" else { return ["the root is <\(root.name)>"] }
        let suites: [Node]
        if root.name == "testsuites" {
            problems += attributes(root, required: [], allowed: ["name", "time", "tests", "failures", "errors"])
            problems += root.children.filter { $0.name != "testsuite" }.map { "<testsuites> holds <\($0.name)>" }
            suites = root.children.filter { $0.name == "testsuite" }
        } else {
            suites = [root]
        }
        let surefireTime = "(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\\.[0-9]*)?"
        func check(suite: Node) {
            problems += attributes(suite, required: ["name", "tests", "failures", "errors"], allowed: [
                "name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url",
            ])
            if let time = suite.attributes["time"], !matches(time, surefireTime) { problems.append("testsuite time '\(time)' is not a Surefire time") }
            for child in suite.children {
                switch child.name {
                case "testsuite": check(suite: child)
                case "properties":
                    for property in child.children {
                        if property.name != "property" { problems.append("<properties> holds <\(property.name)>") }
                        problems += attributes(property, required: ["name", "value"], allowed: ["name", "value"])
                    }
                case "testcase":
                    problems += attributes(child, required: ["name"], allowed: ["name", "time", "classname", "group"])
                    for outcome in child.children {
                        let kinds = ["skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError", "system-out", "system-err"]
                        if !kinds.contains(outcome.name) { problems.append("<testcase> holds <\(outcome.name)>") }
                        if ["skipped", "error", "failure"].contains(outcome.name) { problems += attributes(outcome, required: [], allowed: ["type", "message"]) }
                    }
                case "system-out", "system-err":
                    if !child.children.isEmpty { problems.append("<\(child.name)> holds elements") }
                default:
                    problems.append("<testsuite> holds <\(child.name)>")
                }
            }
        }
        suites.forEach(check(suite:))
        return problems
    }
}
