// SPDX-License-Identifier: Apache-2.0
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks that a POM has what a public Maven repository requires of a release: coordinates, name, description, URL,
 * license, SCM and developers, and the organisation and issue tracker besides, every one filled in (no CMake
 * placeholder left).
 * {@code java PomCheck.java POM VERSION} prints "ok" or each problem, and exits 1 on any.
 */
public final class PomCheck {
    private static final String NS = "http://maven.apache.org/POM/4.0.0";
    private final List<String> problems = new ArrayList<>();

    private PomCheck() {
    }

    public static void main(String[] args) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document pom = factory.newDocumentBuilder().parse(Path.of(args[0]).toFile());
        PomCheck check = new PomCheck();
        check.run(pom.getDocumentElement(), args[1]);
        if (!check.problems.isEmpty()) {
            check.problems.forEach(p -> System.out.println("FAIL: " + args[0] + ": " + p));
            System.exit(1);
        }
        System.out.println("ok");
    }

    private void run(Element project, String version) {
        if (!NS.equals(project.getNamespaceURI()) || !project.getLocalName().equals("project")) {
            problems.add("the root is not a Maven 4.0.0 <project>");
            return;
        }
        expect(project, "modelVersion", "4.0.0");
        expect(project, "groupId", "org.perfscope");
        expect(project, "artifactId", "perfscope-wpo");
        expect(project, "version", version);
        expect(project, "packaging", "jar");
        filled(project, "name");
        String description = filled(project, "description");
        if (description.length() < 20) {
            problems.add("<description> says too little: \"" + description + "\"");
        }
        String url = https(project, "url");

        Element license = only(child(project, "licenses"), "license");
        expect(license, "name", "Apache-2.0");
        String licenseUrl = text(license, "url");
        if (!licenseUrl.matches("https://www\\.apache\\.org/licenses/LICENSE-2\\.0(\\.txt|\\.html)?")) {
            problems.add("<license><url> is not the Apache License 2.0's: \"" + licenseUrl + "\"");
        }

        Element scm = child(project, "scm");
        for (String name : new String[] {"connection", "developerConnection"}) {
            String value = filled(scm, name);
            if (!value.startsWith("scm:git:")) {
                problems.add("<scm><" + name + "> is not a scm:git: URL: \"" + value + "\"");
            }
        }
        if (!https(scm, "url").equals(url)) {
            problems.add("<scm><url> differs from the project's <url>");
        }

        Element organization = child(project, "organization");
        filled(organization, "name");
        https(organization, "url");
        Element issues = child(project, "issueManagement");
        filled(issues, "system");
        if (!https(issues, "url").startsWith(url)) {
            problems.add("<issueManagement><url> is not under the project's <url>");
        }

        Element developer = only(child(project, "developers"), "developer");
        filled(developer, "id");
        filled(developer, "name");
        filled(developer, "organization");
        https(developer, "organizationUrl");
    }

    private Element child(Element parent, String name) {
        if (parent == null) {
            return null;
        }
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element && NS.equals(node.getNamespaceURI()) && node.getLocalName().equals(name)) {
                return (Element) node;
            }
        }
        problems.add("no <" + name + "> in <" + parent.getLocalName() + ">");
        return null;
    }

    /** The single child of that name (a POM may list several; this one must list exactly one). */
    private Element only(Element parent, String name) {
        if (parent != null && parent.getElementsByTagNameNS(NS, name).getLength() != 1) {
            problems.add("<" + parent.getLocalName() + "> does not hold exactly one <" + name + ">");
        }
        return child(parent, name);
    }

    private String text(Element parent, String name) {
        Element element = child(parent, name);
        return element == null ? "" : element.getTextContent().strip();
    }

    private String filled(Element parent, String name) {
        String value = text(parent, name);
        if (value.isEmpty() || value.matches("(?s).*@[A-Za-z_]+@.*")) {
            problems.add("<" + name + "> is empty or holds a placeholder: \"" + value + "\"");
        }
        return value;
    }

    private String https(Element parent, String name) {
        String value = filled(parent, name);
        if (!value.matches("https://[a-z0-9.-]+(/\\S*)?")) {
            problems.add("<" + name + "> is not an https URL: \"" + value + "\"");
        }
        return value;
    }

    private void expect(Element parent, String name, String expected) {
        String value = text(parent, name);
        if (parent != null && !value.equals(expected)) {
            problems.add("<" + name + "> is \"" + value + "\", not \"" + expected + "\"");
        }
    }
}
