// Runner test program: fails to compile, naming its line.
int main() {
#error "refused construct"
}
